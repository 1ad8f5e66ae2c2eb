/**
 * The app's address for links that leave the page they were made on (a calendar feed's job
 * links, the feed's own address): PUBLIC_URL when set (config.ts), else the address the request
 * came to (which a proxy in front may make wrong: hence PUBLIC_URL).
 */
import type { FastifyRequest } from 'fastify';

/** `https://glazier.example.com`: scheme and host, with any path of PUBLIC_URL kept, without a trailing slash. */
export function publicOrigin(request: FastifyRequest): string {
  return (request.server.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
