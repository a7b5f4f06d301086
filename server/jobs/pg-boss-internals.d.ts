/** pg-boss ships no types for its internal modules; queue.ts reaches one to settle jobs safely. */
declare module 'pg-boss/src/manager.js' {
  const Manager: { prototype: Record<string, unknown> };
  export default Manager;
}
