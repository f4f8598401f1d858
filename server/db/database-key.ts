/**
 * A number per database object, for the keys of a process-wide cache whose values belong to one
 * database (the tests open several in one process; a server has one, and its generic-plan side).
 */
const keys = new WeakMap<object, number>();
let count = 0;

export function databaseKey(db: object): number {
  let key = keys.get(db);
  if (key === undefined) {
    key = count++;
    keys.set(db, key);
  }
  return key;
}
