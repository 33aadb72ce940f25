// Who is on a roll call (issue 32), as both the gate's marshal and the security console
// name them: a pass holder by `pass_id`, or a walk-in (who has no pass) by `walk_in_id`.
// Pure, so Node tests it.

/**
 * Whom a person on a list (or a mark) names, as the body of a mark: a pass holder's
 * `pass_id`, or a walk-in's `walk_in_id` (a walk-in has no pass, so no wallet to scan).
 */
export function personRef(p) {
  return p.walk_in_id ? { walk_in_id: p.walk_in_id } : { pass_id: p.pass_id };
}

/** One key per person across both kinds: `walk_in:<id>` or `pass:<id>`. */
export function personKey(p) {
  return p.walk_in_id ? `walk_in:${p.walk_in_id}` : `pass:${p.pass_id}`;
}
