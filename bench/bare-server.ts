/**
 * The reference of bench/api.ts: a bare node:http server answering every request with the bytes
 * and headers recorded from the app (status, headers, body from the JSON file given).
 *
 *   node bench/bare-server.ts PORT FILE.json
 */
import fs from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const answer = JSON.parse(fs.readFileSync(file, "utf8")) as {
  status: number;
  headers: [string, string][];
  body: string;
};
const body = Buffer.from(answer.body, "base64");
const headers = answer.headers.flat();

http
  .createServer((request, response) => {
    request.resume();
    response.writeHead(answer.status, headers);
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
