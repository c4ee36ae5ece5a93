/**
 * Where a login on /login/:nextpage goes: checkout is reached through the
 * address step, any other page name as given; no name means the home page.
 */
export function loginTarget(nextpage: string | undefined): string {
  if (!nextpage || !/^[a-z0-9-]+$/i.test(nextpage)) return '';
  return nextpage === 'checkout' ? 'update-address' : nextpage;
}
