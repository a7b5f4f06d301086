'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { CANDIDATE_LANGUAGES, LANGUAGE_NAMES, type CandidateLanguage } from '@/server/i18n/languages';

type Settings = RouterOutputs['settings']['organizationLanguage'];

/** The select's value for "no choice": the language is inferred from the latest interview configuration. */
const INFERRED = 'inferred';

/**
 * Settings → General, admins: the organization's language, which the dashboard's new candidates and new interview
 * configurations start from. Without a choice it follows the latest interview configuration, and the card says which
 * language that gives today.
 */
export function OrganizationLanguageCard({ initial }: { initial: Settings }) {
  const utils = trpc.useUtils();
  const [settings, setSettings] = useState(initial);
  const [choice, setChoice] = useState<string>(initial.language ?? INFERRED);
  const [saved, setSaved] = useState(false);
  const update = trpc.settings.updateOrganizationLanguage.useMutation({
    onMutate: () => setSaved(false),
    onSuccess: async (result) => {
      setSettings(result);
      setSaved(true);
      await Promise.all([utils.settings.organizationLanguage.invalidate(), utils.candidates.defaults.invalidate()]);
    },
  });
  const error = update.error ? contractError(update.error) : null;
  return (
    <Card>
      <CardHeader
        title="Organization language"
        description="New candidates and new interview configurations start in this language in the dashboard. Each interview is held in its configuration's language."
      />
      <CardContent>
        <form
          className="grid gap-3 text-sm"
          aria-label="Organization language"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ language: choice === INFERRED ? null : (choice as CandidateLanguage) });
          }}
        >
          <Field
            label="Language"
            className="max-w-xs"
            hint={
              settings.language
                ? `Chosen: ${LANGUAGE_NAMES[settings.language]}.`
                : `Not chosen: the latest interview configuration's language applies (today ${LANGUAGE_NAMES[settings.inferred]}).`
            }
          >
            {(control) => (
              <Select value={choice} onValueChange={setChoice}>
                <SelectTrigger {...control} data-testid="organization-language">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={INFERRED}>As the latest configuration ({LANGUAGE_NAMES[settings.inferred]})</SelectItem>
                  {CANDIDATE_LANGUAGES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {LANGUAGE_NAMES[code]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Button type="submit" className="justify-self-start" disabled={update.isPending || choice === (settings.language ?? INFERRED)}>
            Save language
          </Button>
          {saved ? (
            <p role="status" className="text-green-700">
              Saved: new candidates and configurations start in {LANGUAGE_NAMES[settings.effective]}.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-red-700">
              Not saved: {error.issues?.map((i) => i.message).join('; ') || error.message}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
