import type { Scope } from '@/server/auth/scopes';

/**
 * Path items of REST v1 routes that are plain route handlers rather than tRPC procedures (trpc-to-openapi can
 * only answer JSON, and the export streams CSV). They are written here by hand, in OpenAPI 3.1 form, and get the
 * same completion as generated operations (security, scope, error responses, headers) in build-openapi-document.
 * Each operation names its scope in `x-required-scopes`, the one place the completion reads it for these.
 */

type JsonObject = Record<string, unknown>;

export type ManualOperation = JsonObject & {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-required-scopes': [Scope];
  parameters?: JsonObject[];
  /** Error statuses beyond those inferred from the operation's shape, with the description to show. */
  errorResponses?: Record<number, string>;
  responses: Record<string, JsonObject>;
};

const EXPORT_CSV_EXAMPLE = [
  'type,reportId,sourceId,candidateId,candidateEmail,candidateFirstName,candidateLastName,jobId,status,overallScore,recommendation,completedAt,criterion:communication,criterion:technical',
  'interview,rpt_4Fq0Lw2mXc9TbY7kRn3sPd,itv_8Zk2Qv5hJr1NcW6uTy0aBe,cnd_1Ab9Hs4kLm7PqR2tVw5xYz,ada@example.com,Ada,Lovelace,job_7Hh3Kd8fGj2LmN5pQr9sTu,READY,82,YES,2026-03-02T10:15:00.000Z,8,9',
].join('\r\n');

const exportReports: ManualOperation = {
  operationId: 'reports-export',
  summary: "Export a campaign's results",
  description: [
    "All completed interviews of the campaign (each with its report) and all completed test sessions, as JSON or CSV.",
    'JSON: `{ campaignId, exportedAt, interviews, tests }`, with only the keys that `type` asks for.',
    'CSV: `text/csv; charset=utf-8` as an attachment, RFC 4180 quoting, one header row, one row per result, one',
    '`criterion:<key>` column per criterion. Cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`,',
    '`@`, tab, CR or LF) are neutralised. The body is streamed, so a large campaign does not have to fit in memory.',
    'A campaign that does not exist in your organization gives 404.',
  ].join('\n'),
  tags: ['Reports'],
  'x-required-scopes': ['reports:read'],
  errorResponses: { 404: 'No such campaign in your organization.' },
  parameters: [
    {
      in: 'query',
      name: 'campaignId',
      required: true,
      description: 'The campaign (hiring process) to export, `cmp_…`.',
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    },
    {
      in: 'query',
      name: 'format',
      required: false,
      description:
        '`json` (default), `csv` (for programs: ids, ISO 8601 UTC dates, codes) or `readable-csv` (for people: column titles in words, names and titles instead of ids, dates in `timeZone` named in the titles, plain words; no internal ids).',
      schema: { type: 'string', enum: ['json', 'csv', 'readable-csv'], default: 'json' },
    },
    {
      in: 'query',
      name: 'timeZone',
      required: false,
      description: '`readable-csv` only: the IANA time zone of its dates, e.g. `Europe/Paris` (default `UTC`); an unknown zone is a 400.',
      schema: { type: 'string', maxLength: 100, default: 'UTC' },
    },
    {
      in: 'query',
      name: 'type',
      required: false,
      description: 'Which results: `interviews`, `tests` or `all` (default).',
      schema: { type: 'string', enum: ['interviews', 'tests', 'all'], default: 'all' },
    },
  ],
  responses: {
    '200': {
      description: 'The export, in the requested format.',
      headers: {
        'Content-Disposition': {
          description: 'CSV only: `attachment; filename="…"`.',
          schema: { type: 'string' },
        },
      },
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/CampaignExport' } },
        'text/csv': {
          schema: { type: 'string', description: 'RFC 4180 CSV, UTF-8, one header row.' },
          example: EXPORT_CSV_EXAMPLE,
        },
      },
    },
  },
};

const interviewExplanation: ManualOperation = {
  operationId: 'interviews-explanation',
  summary: "An interview's explanation document",
  description: [
    "The explanation of an interview's assessment that a candidate may ask for (EU AI Act Art. 86, GDPR Art. 15(1)(h)):",
    'the criteria and their weights, the AI’s scores with the words of the answers they rest on, the reviewer’s scores,',
    'the decision, who took it and whether it differs from the AI’s advice, and which models and rubric scored it.',
    "In the candidate's language unless `language` is given (en, fr, de, es, it, nl, pt). HTML (a self-contained page)",
    'or PDF, always as an attachment. Needs a READY report (409 otherwise). Each call is recorded in the audit log',
    '(`interview.explanation_generated`, with its language and format).',
  ].join('\n'),
  tags: ['Reports'],
  'x-required-scopes': ['reports:read'],
  errorResponses: { 404: 'No such interview in your organization, or it has no report.', 409: 'The report is not READY.' },
  parameters: [
    { in: 'path', name: 'id', required: true, description: 'The interview, `itv_…`.', schema: { type: 'string', minLength: 1, maxLength: 100 } },
    { in: 'query', name: 'format', required: false, description: '`html` (default) or `pdf`.', schema: { type: 'string', enum: ['html', 'pdf'], default: 'html' } },
    { in: 'query', name: 'language', required: false, description: "`en`, `fr`, `de`, `es`, `it`, `nl` or `pt`; default the candidate's own language (English once erased).", schema: { type: 'string', enum: ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'] } },
  ],
  responses: {
    '200': {
      description: 'The document.',
      headers: {
        'Content-Disposition': { description: '`attachment; filename="explanation-<interviewId>-<language>.<format>"`.', schema: { type: 'string' } },
        'Content-Language': { description: "The document's language.", schema: { type: 'string' } },
      },
      content: {
        'text/html': { schema: { type: 'string', description: 'A self-contained HTML page, UTF-8.' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
};

export const MANUAL_PATHS: Record<string, Record<string, ManualOperation>> = {
  '/reports/export': { get: exportReports },
  '/interviews/{id}/explanation': { get: interviewExplanation },
};

/** Schemas that the hand-written operations refer to; added to `components.schemas`. */
export const MANUAL_SCHEMAS: Record<string, JsonObject> = {
  CampaignExport: {
    type: 'object',
    description: "A campaign's completed results. `interviews` is absent when type=tests, `tests` when type=interviews.",
    properties: {
      campaignId: { type: 'string', description: 'The exported campaign, `cmp_…`.' },
      exportedAt: { type: 'string', format: 'date-time', description: 'ISO 8601 UTC timestamp of the export.' },
      interviews: {
        type: 'array',
        description: 'Completed interviews, each with its report.',
        items: { type: 'object', additionalProperties: true },
      },
      tests: {
        type: 'array',
        description: 'Completed test sessions, in the shape of a test report.',
        items: { type: 'object', additionalProperties: true },
      },
    },
    required: ['campaignId', 'exportedAt'],
  },
};
