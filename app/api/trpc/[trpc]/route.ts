import { handleDashboardTrpc } from '@/server/http/dashboard-trpc-handler';

export const dynamic = 'force-dynamic';

export const GET = handleDashboardTrpc;
export const POST = handleDashboardTrpc;
