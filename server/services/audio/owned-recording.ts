import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column for the reads that present an audioUrl: the id of the recording **of that same interview** that the
 * stored URL names, or null. `presentAudioUrl` signs only a URL whose recording id is this one, so an agent that
 * stored another interview's (or organization's) recording, in legacy data from before the write-time check, never
 * gets it signed. One primary-key lookup in the read's own query (no extra round trip per turn); a row without
 * audio, or with an external URL, finds nothing. The id is taken with the same pattern `isAudioId` checks, and the
 * presenter compares it with the id it parses itself, so a URL the two read differently is simply not signed.
 *
 * The outer columns are written table-qualified on purpose: drizzle writes a one-table select's columns bare, and a
 * bare `"interview_id"` inside this subquery would name the recording's own column (always equal to itself).
 */
export function ownedRecordingIdSql(audioUrl: AnyPgColumn, interviewId: AnyPgColumn, orgId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select owned_recording.id from audio_recordings owned_recording where owned_recording.id = substring(${qualified(audioUrl)} from '/api/audio/(rec_[0-9A-Za-z]{8,64})') and owned_recording.interview_id = ${qualified(interviewId)} and owned_recording.org_id = ${qualified(orgId)})`;
}

function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
