'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { CANDIDATE_LANGUAGES, LANGUAGE_NAMES, type CandidateLanguage } from '@/server/i18n/languages';

type Settings = RouterOutputs['settings']['organizationLanguage'];

/** The select's value for "no choice": the language is inferred from the latest interview configuration. */
const INFERRED = 'inferred';
const updateLanguage = (api: Api, input: { language: CandidateLanguage | null }) => api.settings.updateOrganizationLanguage.mutate(input);

/**
 * Settings → General, admins: the organization's language, which the dashboard's new candidates and new interview
 * configurations start from. Without a choice it follows the latest interview configuration, and the card says which
 * language that gives today.
 */
export function OrganizationLanguageCard({ initial }: { initial: Settings }) {
  const [settings, setSettings] = useState(initial);
  const [choice, setChoice] = useState<string>(initial.language ?? INFERRED);
  const [saved, setSaved] = useState(false);
  const update = useApiAction(updateLanguage, {
    onSuccess: (result) => {
      setSettings(result);
      setSaved(true);
    },
  });
  const error = update.error;
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
            setSaved(false);
            void update.run({ language: choice === INFERRED ? null : (choice as CandidateLanguage) });
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
              <NativeSelect {...control} value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="organization-language">
                <option value={INFERRED}>As the latest configuration ({LANGUAGE_NAMES[settings.inferred]})</option>
                {CANDIDATE_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" className="justify-self-start" disabled={update.pending || choice === (settings.language ?? INFERRED)}>
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
