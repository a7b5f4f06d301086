/** The applicant tracking systems whose partner protocols the service speaks (CONTRACT §15). */
export const ATS_KINDS = ['greenhouse', 'ashby', 'workable', 'lever'] as const;
export type AtsKind = (typeof ATS_KINDS)[number];
