// Files served as they are: the build's assets (hashed names, cached for a year) and public/
// (an hour).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import express, { type RequestHandler } from "express";

/** The build's files all have a hash in their names: they never change. */
export function buildAssets(build: ServerBuild, root: string): [string, RequestHandler] {
  return [`${build.publicPath}assets`, express.static(path.resolve(root, build.assetsBuildDirectory, "assets"), { immutable: true, maxAge: "1y" })];
}

/**
 * The files of public/ (1 hour). Only a path whose first segment names one of its entries
 * reaches the disk: any other path would cost every page and API call a failed stat.
 */
export function publicFiles(dir: string): RequestHandler {
  const names = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, { maxAge: "1h" });
  return (req, res, next) => (names.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next());
}
