import { handleReportsExportOtherMethod, handleReportsExportRequest } from '@/server/http/reports-export-handler';

export const dynamic = 'force-dynamic';

export const GET = handleReportsExportRequest;
export const POST = handleReportsExportOtherMethod;
export const PUT = handleReportsExportOtherMethod;
export const PATCH = handleReportsExportOtherMethod;
export const DELETE = handleReportsExportOtherMethod;
