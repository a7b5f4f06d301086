import { describe, expect, it } from 'vitest';
import { candidateRequest, processReply } from './candidate-requests';

describe('candidateRequest', () => {
  it('hears a request to repeat, in English and French', () => {
    for (const text of ['Sorry, could you repeat the question?', 'Can you say that again?', "I didn't catch that.", 'Pardon?', 'What was the question again?', 'Pouvez-vous répéter la question ?', "Je n'ai pas bien compris.", 'Vous pouvez reformuler ?']) {
      expect(candidateRequest(text), text).toBe('repeat');
    }
  });

  it('hears a question about the process or the outcome', () => {
    for (const text of ['How long will this take?', 'How many questions are there?', 'Who will see my answers?', 'Are you a robot?', 'Did I pass?', 'Is this being recorded?', 'Combien de temps dure l’entretien ?', 'Qui va écouter mes réponses ?', 'Êtes-vous une IA ?']) {
      expect(candidateRequest(text), text).toBe('process');
    }
  });

  it('takes answers as answers, even ones that use the same words', () => {
    for (const text of [
      'I led the migration of our billing system to a new provider.',
      'I had to repeat the load test several times before the numbers were stable, and then we shipped the change to production.',
      'How long it takes depends on the team: for us a migration like that took six months, with two engineers working on it full time.',
      'Yes.',
      '',
    ]) {
      expect(candidateRequest(text), text).toBeNull();
    }
  });
});

describe('processReply', () => {
  it('says where the interview stands and that a person decides, never anything about chances', () => {
    expect(processReply('en', { questionNumber: 2, total: 4 })).toBe(
      'I am an AI interviewer. There are 4 questions in this interview, and we are at question 2. A person on the hiring team will review your answers and make any decision; I cannot say anything about the outcome.',
    );
    expect(processReply('fr', { questionNumber: 1, total: 3 })).toContain('nous en sommes à la question 1');
  });
});
