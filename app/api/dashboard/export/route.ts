import { handleDashboardExportRequest } from '@/server/http/dashboard-export-handler';
import { handleReportsExportOtherMethod } from '@/server/http/reports-export-handler';

export const dynamic = 'force-dynamic';

export const GET = handleDashboardExportRequest;
export const POST = handleReportsExportOtherMethod;
export const PUT = handleReportsExportOtherMethod;
export const PATCH = handleReportsExportOtherMethod;
export const DELETE = handleReportsExportOtherMethod;
