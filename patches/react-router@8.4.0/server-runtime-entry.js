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
//#region lib/server-runtime/entry.ts
// Patched (rarita, ADR 0049): a build's route modules are collected once per manifest (its
// `routes` object), not for every document; the object is only read on the server.
const entryRouteModules = new WeakMap();
function createEntryRouteModules(manifest) {
	let kept = entryRouteModules.get(manifest);
	if (kept) return kept;
	kept = Object.keys(manifest).reduce((memo, routeId) => {
		let route = manifest[routeId];
		if (route) memo[routeId] = route.module;
		return memo;
	}, {});
	entryRouteModules.set(manifest, kept);
	return kept;
}
//#endregion
export { createEntryRouteModules };
