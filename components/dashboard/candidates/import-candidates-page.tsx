'use client';

import { ArrowLeft, CircleAlert, CircleCheck, Copy, FileDown, LoaderCircle, Upload } from 'lucide-react';
import Link from 'next/link';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { PageHeader } from '../page-header';

type Report = RouterOutputs['candidates']['import'];

const MAX_BYTES = 2 * 1024 * 1024;
const MAX_ROWS = 5000;
const COLUMNS = ['email', 'firstName', 'lastName', 'phone', 'locale', 'cvUrl', 'tags', 'source'];
const TEMPLATE = `${COLUMNS.join(',')}\r\nada.lovelace@example.com,Ada,Lovelace,+44 20 7946 0000,en-GB,https://cv.example.com/ada.pdf,backend;senior,Referral\r\n`;
/** Rows shown per table; the counts above them are complete. */
const SHOWN = 500;
const nf = new Intl.NumberFormat('en-GB');

function downloadTemplate() {
  const href = URL.createObjectURL(new Blob([TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = 'candidates-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Imports candidates from a CSV file in two steps: the file is checked first (nothing written) and its per-row
 * report shown; then the valid rows are imported. Invalid rows and emails already taken are skipped and listed.
 */
export function ImportCandidatesPage() {
  const [file, setFile] = useState<{ name: string; text: string; notUtf8: boolean } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Report | null>(null);
  const [imported, setImported] = useState<Report | null>(null);
  // Through the API loaded on first use; the candidate lists are rendered by the server, fresh when opened.
  const check = useApiAction((api, input: { csv: string; dryRun: boolean }) => api.candidates.import.mutate(input), { refresh: false, onSuccess: setChecked });
  const run = useApiAction((api, input: { csv: string; dryRun: boolean }) => api.candidates.import.mutate(input), { refresh: false, onSuccess: setImported });
  const report: Report | null = imported ?? checked;
  const failure = run.error ?? check.error;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    check.reset();
    run.reset();
    setChecked(null);
    setImported(null);
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) return setFileError(`${chosen.name} is ${(chosen.size / 1024 / 1024).toFixed(1)} MiB; the limit is 2 MiB. Split it into smaller files.`);
    const text = await chosen.text();
    // Decoding as UTF-8 replaces the bytes of another encoding (an old Excel "CSV") with U+FFFD.
    const next = { name: chosen.name, text, notUtf8: text.includes('\uFFFD') };
    setFile(next);
    void check.run({ csv: next.text, dryRun: true });
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={
          <Link href="/candidates" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Candidates
          </Link>
        }
        title="Import candidates"
        description="Add many candidates at once from a spreadsheet saved as CSV."
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader
            title="CSV file"
            description={`UTF-8, one header row, up to ${nf.format(MAX_ROWS)} candidates and 2 MiB.`}
            action={
              <Button variant="outline" size="sm" onClick={downloadTemplate}>
                <FileDown aria-hidden /> Template
              </Button>
            }
          />
          <CardContent className="grid gap-4">
            <div className="grid gap-1 text-sm text-slate-700">
              <p>
                Columns (in any order; only <code className="font-mono text-xs">email</code> is required):{' '}
                {COLUMNS.map((c, i) => (
                  <span key={c}>
                    <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-800">{c}</code>
                    {i < COLUMNS.length - 1 ? ' ' : ''}
                  </span>
                ))}
              </p>
              <p className="text-slate-600">
                Several tags go in one cell, separated by <code className="font-mono text-xs">;</code> or <code className="font-mono text-xs">|</code>. Each row follows the
                same rules as the New candidate form. Rows with errors, and emails that are already candidates, are skipped and listed; the others are imported.
              </p>
            </div>
            <Field label="CSV file of candidates" className="max-w-lg">
              <input
                type="file"
                accept=".csv,text/csv"
                onChange={onFile}
                className="block w-full cursor-pointer rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700"
              />
            </Field>
            {fileError ? <Notice tone="error">{fileError}</Notice> : null}
            {file?.notUtf8 ? <Notice tone="warning">Some characters could not be read: the file is probably not UTF-8. In your spreadsheet, save it as “CSV UTF-8”.</Notice> : null}
            {check.pending ? (
              <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
                <LoaderCircle className="size-4 animate-spin" aria-hidden /> Checking the file…
              </p>
            ) : null}
            {failure ? (
              <Notice tone="error">
                {failure.message}
                {failure.requestId && failure.code !== 'VALIDATION_ERROR' ? (
                  <span className="mt-0.5 block font-mono text-xs">Reference {failure.requestId}</span>
                ) : null}
              </Notice>
            ) : null}
          </CardContent>
        </Card>

        {report ? (
          <ImportReport
            report={report}
            action={
              report.dryRun ? (
                <Button onClick={() => file && void run.run({ csv: file.text, dryRun: false })} disabled={run.pending || report.imported === 0}>
                  {run.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
                  Import {nf.format(report.imported)} {report.imported === 1 ? 'candidate' : 'candidates'}
                </Button>
              ) : (
                <Button asChild variant="outline">
                  <Link href="/candidates">See the candidates</Link>
                </Button>
              )
            }
          />
        ) : null}
      </div>
    </div>
  );
}

function Notice({ tone, children }: { tone: 'error' | 'warning'; children: ReactNode }) {
  return (
    <p role="alert" className={tone === 'error' ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800' : 'rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900'}>
      {children}
    </p>
  );
}

function ImportReport({ report, action }: { report: Report; action: ReactNode }) {
  const rowsWithErrors = new Set(report.errors.map((e) => e.row)).size;
  const title = report.dryRun ? 'Check of the file' : 'Import done';
  const count = (n: number, one: string, many: string) => `${nf.format(n)} ${n === 1 ? one : many}`;
  const skipped = `${count(report.duplicates.length, 'duplicate', 'duplicates')}, ${count(rowsWithErrors, 'row', 'rows')} with errors`;
  const summary = report.dryRun
    ? `${count(report.rows, 'row', 'rows')}: ${nf.format(report.imported)} to import, ${skipped}. Nothing has been imported yet.`
    : `${count(report.imported, 'candidate', 'candidates')} imported; skipped: ${skipped}.`;
  return (
    <Card aria-labelledby="import-report-title">
      <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-0.5">
          <h2 id="import-report-title" className="text-sm font-semibold text-slate-900">
            {title}
          </h2>
          <p role="status" className="text-sm text-slate-700">
            {report.dryRun ? null : <CircleCheck className="mr-1 inline size-4 text-emerald-700" aria-hidden />}
            {summary}
          </p>
        </div>
        {action}
      </div>
      {report.errors.length > 0 ? (
        <section aria-labelledby="import-errors-title" className="border-b border-slate-100">
          <h3 id="import-errors-title" className="flex items-center gap-2 px-5 pt-4 text-sm font-semibold text-red-800">
            <CircleAlert className="size-4" aria-hidden /> Rows with errors ({nf.format(report.errors.length)} {report.errors.length === 1 ? 'problem' : 'problems'})
          </h3>
          <Table>
            <TableCaption className="sr-only">Rows with errors: row number, field and problem</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Row</TableHead>
                <TableHead>Field</TableHead>
                <TableHead>Problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.errors.slice(0, SHOWN).map((e, i) => (
                <TableRow key={`${e.row}-${e.field}-${i}`} data-import-error={e.row}>
                  <TableCell className="tabular-nums">{e.row}</TableCell>
                  <TableCell>
                    <code className="font-mono text-xs">{e.field === '(row)' ? 'whole row' : e.field}</code>
                  </TableCell>
                  <TableCell>{e.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {report.errors.length > SHOWN ? <p className="px-5 pb-3 text-xs text-slate-600">The first {SHOWN} problems are shown; fix them and check the file again.</p> : null}
        </section>
      ) : null}
      {report.duplicates.length > 0 ? (
        <section aria-labelledby="import-duplicates-title" className="border-b border-slate-100">
          <h3 id="import-duplicates-title" className="flex items-center gap-2 px-5 pt-4 text-sm font-semibold text-amber-900">
            <Copy className="size-4" aria-hidden /> Duplicates, skipped ({nf.format(report.duplicates.length)})
          </h3>
          <Table>
            <TableCaption className="sr-only">Duplicate rows: row number, email and why</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Row</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Why</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.duplicates.slice(0, SHOWN).map((d) => (
                <TableRow key={d.row} data-import-duplicate={d.row}>
                  <TableCell className="tabular-nums">{d.row}</TableCell>
                  <TableCell className="break-all">{d.email}</TableCell>
                  <TableCell>
                    {d.duplicateOfRow !== null ? (
                      `Same email as row ${d.duplicateOfRow}`
                    ) : d.existingId ? (
                      <Link href={`/candidates/${d.existingId}`} className="text-brand-700 hover:underline">
                        Already a candidate
                      </Link>
                    ) : (
                      'Already a candidate'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}
      {!report.dryRun && report.created.length > 0 ? (
        <section aria-labelledby="import-created-title">
          <h3 id="import-created-title" className="flex items-center gap-2 px-5 pt-4 text-sm font-semibold text-emerald-800">
            <CircleCheck className="size-4" aria-hidden /> Imported ({nf.format(report.created.length)})
          </h3>
          <Table>
            <TableCaption className="sr-only">Imported candidates: row number and email</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Row</TableHead>
                <TableHead>Email</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.created.slice(0, SHOWN).map((c) => (
                <TableRow key={c.row}>
                  <TableCell className="tabular-nums">{c.row}</TableCell>
                  <TableCell className="break-all">
                    {c.id ? (
                      <Link href={`/candidates/${c.id}`} className="text-brand-700 hover:underline">
                        {c.email}
                      </Link>
                    ) : (
                      c.email
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}
      {report.errors.length === 0 && report.duplicates.length === 0 && report.dryRun ? (
        <CardContent>
          <p className="text-sm text-slate-700">Every row is valid.</p>
        </CardContent>
      ) : null}
    </Card>
  );
}
