import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { checkRoutes } from './modules/checks/routes';
import { companyRoutes } from './modules/company/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dietLibraryRoutes } from './modules/diet-library/routes';
import { fitnessLibraryRoutes } from './modules/fitness-library/routes';
import { followUpRoutes } from './modules/followup/routes';
import { interventionRoutes } from './modules/intervention/routes';
import { phrRoutes } from './modules/phr/routes';
import { positiveRoutes } from './modules/positive/routes';
import { prescriptionRoutes } from './modules/prescription/routes';
import { generateDietDrafts, generateFitnessDrafts } from './modules/prescription/service';
import { statisticsRoutes } from './modules/statistics/routes';
import { systemRoutes } from './modules/system/routes';
import { uploadRoutes } from './modules/upload/routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerRouteList } from './plugins/route-list';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

export type { AppContext } from './context';

/**
 * Builds the Fastify app: plugins in a fixed order (validation, docs, errors, auth), then the modules,
 * then the web app under /peis/. Tests call this with their own database and never open a port.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: ctx.config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password'],
      serializers: {
        // File links carry the session token in ?token= (an <img> cannot send a header): keep it out of logs.
        req: (req) => ({
          method: req.method,
          url: req.url.replace(/([?&]token=)[^&]*/g, '$1***'),
          remoteAddress: req.ip,
        }),
      },
    },
    bodyLimit: 2 * 1024 * 1024,
    // A request must arrive whole within 11 minutes (an import upload may take 10): a client that trickles
    // bytes cannot hold a connection for ever.
    requestTimeout: 11 * 60_000,
    // SPEC §7's save helper PUTs to {path}{id}; a client passing '/x/' as path must reach '/x' routes too.
    routerOptions: { ignoreTrailingSlash: true },
    // Only a configured proxy may say who the client is (X-Forwarded-For): otherwise any caller could
    // choose the address written to the audit log, the sessions and the sign-in throttle.
    trustProxy: ctx.config.trustProxy,
    // Request ids let a log line of one call be found among all the others.
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteList(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerInputGuard(app);

  await registerOpenApi(app, ctx.config);
  registerAuth(app, ctx.db, ctx.config);
  // Multipart bodies are parsed only where a route asks (req.parts()); each route passes its own limits,
  // since multipart bodies are not bound by bodyLimit.
  await app.register(fastifyMultipart);

  await app.register(async (api) => {
    await systemRoutes(api, ctx);
    await authRoutes(api, ctx);
    await companyRoutes(api, ctx);
    await adminRoutes(api, ctx);
    await phrRoutes(api, ctx);
    await checkRoutes(api, ctx);
    await positiveRoutes(api, ctx);
    await followUpRoutes(api, ctx);
    await dashboardRoutes(api, ctx);
    await statisticsRoutes(api, ctx);
    await uploadRoutes(api, ctx);
    await dietLibraryRoutes(api, ctx);
    await fitnessLibraryRoutes(api, ctx);
    await prescriptionRoutes(api, ctx);
    // Interventions draft prescriptions through the prescription service (one generator, two callers).
    await interventionRoutes(api, ctx, { diet: generateDietDrafts, fitness: generateFitnessDrafts });
  });

  await registerWeb(app, ctx.config);
  return app;
}
