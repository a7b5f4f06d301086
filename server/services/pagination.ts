import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const PaginationInputShape = {
  page: z.number().int('Must be an integer').min(1, 'Must be at least 1').max(1_000_000, 'Must be at most 1000000').default(1).describe('Page number, from 1. Default 1.'),
  pageSize: z
    .number()
    .int('Must be an integer')
    .min(1, 'Must be at least 1')
    .max(PAGE_SIZE_MAX, `Must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT)
    .describe(`Results per page, 1 to ${PAGE_SIZE_MAX}. Default ${PAGE_SIZE_DEFAULT}.`),
};

export const PaginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('Number of items matching the filters, across all pages.'),
  totalPages: z.number().int(),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: PaginationSchema });
}

export type Page<T> = { items: T[]; pagination: z.infer<typeof PaginationSchema> };

export function toPage<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
