/**
 * react-router v8.4.0
 *
 * Copyright (c) Remix Software Inc.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE.md file in the root directory of this source tree.
 *
 * @license MIT
 */
import { decodePath, flattenAndRankRoutes, matchRoutesImpl, stripBasename } from "./utils.js";
import { parsePath } from "./history.js";
//#region lib/router/matcher.ts
// Patched (rarita, ADR 0049): the ranked branches are indexed by their leading static segments
// (up to two), so a URL is tested only against the branches that can match it, in the same
// order, instead of against every branch of the route table.
const STATIC_SEGMENT = /^[A-Za-z0-9._~-]+$/;
function staticPrefixOf(branch) {
	if (branch.routesMeta.some((meta) => meta.caseSensitive)) return [];
	let prefix = [];
	for (let segment of branch.path.replace(/^\/+/, "").split("/")) {
		if (prefix.length === 2 || !STATIC_SEGMENT.test(segment)) break;
		prefix.push(segment.toLowerCase());
	}
	return prefix;
}
function indexBranches(branches) {
	let prefixes = branches.map(staticPrefixOf);
	let pick = (fits) => branches.filter((_, i) => fits(prefixes[i]));
	let index = { branches: pick((p) => p.length === 0), next: new Map() };
	for (let [first] of prefixes.filter((p) => p.length > 0)) {
		if (index.next.has(first)) continue;
		let level = { branches: pick((p) => p.length === 0 || p.length === 1 && p[0] === first), next: new Map() };
		for (let [, second] of prefixes.filter((p) => p.length === 2 && p[0] === first)) if (!level.next.has(second)) level.next.set(second, { branches: pick((p) => p.length === 0 || p[0] === first && (p.length === 1 || p[1] === second)), next: new Map() });
		index.next.set(first, level);
	}
	return index;
}
function candidateBranches(index, locationArg, basename) {
	let pathname = stripBasename((typeof locationArg === "string" ? parsePath(locationArg) : locationArg).pathname || "/", basename);
	if (pathname == null) return index.branches;
	let segments = decodePath(pathname).split("/");
	let first = index.next.get((segments[1] ?? "").toLowerCase());
	if (!first) return index.branches;
	return first.next.get((segments[2] ?? "").toLowerCase())?.branches ?? first.branches;
}
var V6RegExMatcher = class {
	#routes = [];
	#branches = [];
	#index = { branches: [], next: new Map() };
	#basename;
	constructor(basename) {
		this.#basename = basename;
	}
	update(routes) {
		this.#routes = routes;
		this.#branches = flattenAndRankRoutes(routes);
		this.#index = indexBranches(this.#branches);
	}
	match(locationArg, allowPartial = false) {
		return matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, candidateBranches(this.#index, locationArg, this.#basename));
	}
};
//#endregion
export { V6RegExMatcher };
