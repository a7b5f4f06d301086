import { handleV1Request } from '@/server/http/v1-handler';

export const dynamic = 'force-dynamic';

export const GET = handleV1Request;
export const POST = handleV1Request;
export const PUT = handleV1Request;
export const PATCH = handleV1Request;
export const DELETE = handleV1Request;
