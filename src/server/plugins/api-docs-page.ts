import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * swagger-ui's page has no viewport meta tag (@fastify/swagger-ui 6 offers no option for one), so a
 * phone would lay it out 980 px wide and shrink it to an unreadable size. The tag is added to the
 * page as it is sent; api-docs.test.ts fails if an upgrade's page no longer takes it. (The ETag,
 * computed earlier from the plugin's page, still names this page exactly: the addition never varies.)
 */
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const withViewport = (page: string) => (page.includes('name="viewport"') ? page : page.replace('<head>', `<head>\n${VIEWPORT}`));

/** On a 390 px phone: no sideways scrolling, long paths wrap, tables scroll inside themselves. */
const PHONE_CSS = `@media (max-width: 640px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .info { margin: 16px 0; }
  .swagger-ui .info .title { font-size: 24px; }
  .swagger-ui .scheme-container { padding: 12px 0; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path,
  .swagger-ui .opblock .opblock-summary-path__deprecated { max-width: 100%; word-break: break-all; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; padding-left: 4px; }
  .swagger-ui .opblock-tag { padding: 8px 4px; font-size: 18px; }
  .swagger-ui table { display: block; overflow-x: auto; }
  .swagger-ui .model-box, .swagger-ui .highlight-code, .swagger-ui pre { max-width: 100%; overflow-x: auto; }
  .swagger-ui .parameters-col_description { width: auto; }
}
`;

/**
 * The swagger-ui reference of the document, in a Fastify context of its own: its hook touches the
 * reference's answers only. (Not wrapped in fastify-plugin on purpose.)
 */
export async function referencePage(docs: FastifyInstance, opts: { routePrefix: string; title: string }) {
  docs.addHook('onSend', async (_request, reply, payload) =>
    typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html') ? withViewport(payload) : payload,
  );
  await docs.register(swaggerUi, {
    routePrefix: opts.routePrefix,
    // No call to validator.swagger.io: the page talks to this store only.
    validatorUrl: false,
    uiConfig: { deepLinking: true },
    // A stylesheet file, not inline style: the page keeps the store's CSP.
    theme: { title: opts.title, css: [{ filename: 'phone.css', content: PHONE_CSS }] },
  });
}
