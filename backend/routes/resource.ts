import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Deps } from "../context";

const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>();

/** Where a resource declares its operations: request parts and answers typed by the contract's zod schemas. */
export type Api = ReturnType<typeof typed>;

/** A resource of the contract as backend/app.ts registers it, each in its own Fastify scope. */
export type RoutePlugin = (fastify: FastifyInstance, deps: Deps) => Promise<void>;

/**
 * One resource of the contract (docs/architecture.md#the-contract): its operations, declared on the
 * typed instance, each listed in /openapi.json under the resource's tag unless its schema names others.
 */
export function resource(tag: string, declare: (app: Api, deps: Deps) => void): RoutePlugin {
  return async (fastify, deps) => {
    fastify.addHook("onRoute", (route) => {
      route.schema = { tags: [tag], ...route.schema };
    });
    declare(typed(fastify), deps);
  };
}
