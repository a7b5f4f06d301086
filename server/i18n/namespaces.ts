import { decisionEmailMessages } from './messages/decisionEmail';
import { emailMessages } from './messages/email';
import { explanationMessages } from './messages/explanation';
import { interviewMessages } from './messages/interview';
import { interviewerMessages } from './messages/interviewer';
import { pageMessages } from './messages/page';
import { selfIdentificationMessages } from './messages/selfId';
import { trustMessages } from './messages/trust';
import type { Namespace } from './translator';

/** Every namespace, for the catalogue test (every language has every key, every message parses alike). Add yours. */
export const ALL_NAMESPACES: Namespace[] = [emailMessages, interviewMessages, interviewerMessages, pageMessages, selfIdentificationMessages, trustMessages, decisionEmailMessages, explanationMessages];
