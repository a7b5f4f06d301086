'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';

type Brand = RouterOutputs['settings']['brand'];
type LogoUpload = { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; dataBase64: string };

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
type BrandInput = Parameters<Api['settings']['updateBrand']['mutate']>[0];
const updateBrand = (api: Api, input: BrandInput) => api.settings.updateBrand.mutate(input);

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The employer's brand that candidates see on their page and in every email: display name, logo (PNG, JPEG or
 * WebP, at most 256 KiB) and accent colour. The server refuses a colour below WCAG AA against white and suggests a
 * darker one; the card shows that message as it is.
 */
export function BrandCard({ initial }: { initial: Brand }) {
  const [brand, setBrand] = useState(initial);
  const [displayName, setDisplayName] = useState(initial.displayName ?? '');
  const [accentColor, setAccentColor] = useState(initial.accentColor ?? '');
  const [logo, setLogo] = useState<LogoUpload | null | undefined>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useApiAction(updateBrand, {
    onSuccess: (result) => {
      setBrand(result);
      setLogo(undefined);
      setSaved(true);
    },
  });
  const error = update.error;
  return (
    <Card>
      <CardHeader title="Employer brand" description="Your name, logo and colour on the candidate's interview page and in every email candidates receive." />
      <CardContent>
        <form
          className="grid gap-3 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            setSaved(false);
            void update.run({ displayName: displayName.trim() || null, accentColor: accentColor.trim() || null, ...(logo !== undefined ? { logo } : {}) });
          }}
        >
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Display name</span>
            <Input name="displayName" value={displayName} maxLength={100} placeholder="Your organization's name" onChange={(e) => setDisplayName(e.target.value)} />
          </label>
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Accent colour</span>
            <span className="flex items-center gap-2">
              <Input name="accentColor" value={accentColor} placeholder="#1d4ed8" className="max-w-40 font-mono" onChange={(e) => setAccentColor(e.target.value)} />
              {brand.accentColor ? <span aria-hidden className="inline-block size-6 rounded border border-slate-300" style={{ background: brand.accentColor }} /> : null}
              {brand.accentContrast ? <span className="text-slate-600">Contrast with white {brand.accentContrast.toFixed(2)}:1</span> : null}
            </span>
            <span className="text-slate-600">Buttons and links use it with white: it must reach 4.5:1 (WCAG AA).</span>
          </label>
          <div className="grid gap-1">
            <span className="font-medium text-slate-800">Logo</span>
            {brand.logoUrl && logo === undefined ? (
              <span className="flex items-center gap-3">
                <img src={brand.logoUrl} alt="Current logo" data-testid="brand-logo-preview" className="max-h-12 max-w-48 object-contain" />
                <Button type="button" variant="outline" size="sm" onClick={() => setLogo(null)}>
                  Remove
                </Button>
              </span>
            ) : null}
            {logo === null ? <span className="text-slate-600">The logo will be removed when you save.</span> : null}
            <input
              type="file"
              name="logo"
              aria-label="Logo file"
              accept={LOGO_TYPES.join(',')}
              onChange={async (e) => {
                setFileError(null);
                const file = e.target.files?.[0];
                if (!file) return;
                if (!LOGO_TYPES.includes(file.type)) return setFileError('Choose a PNG, JPEG or WebP image.');
                if (file.size > 256 * 1024) return setFileError('The logo must be at most 256 KiB.');
                setLogo({ contentType: file.type as LogoUpload['contentType'], dataBase64: await readAsBase64(file) });
              }}
            />
            {fileError ? (
              <p role="alert" className="text-red-700">
                {fileError}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="justify-self-start" disabled={update.pending}>
            Save brand
          </Button>
          {saved ? (
            <p role="status" className="text-green-700">
              Saved: candidates see this brand from now on.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-red-700" data-testid="brand-error">
              Not saved: {error.issues?.map((i) => i.message).join('; ') || error.message}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
