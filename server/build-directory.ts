import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Where the web app is built and loaded from: ./build, or with BUILD_DIR=name ./builds/<name>
 * (so parallel work and CI jobs can build side by side). It always stays inside the project,
 * because the server bundle resolves its packages from the project's node_modules.
 */
export function buildDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const name = env.BUILD_DIR ? path.basename(env.BUILD_DIR) : "";
  return name && name !== "build" ? path.join(root, "builds", name) : path.join(root, "build");
}
