import { z } from "zod";

/** The test card gateway's page (app/routes/test-gateway.tsx): the payer pays or declines. */
export const TestGatewaySchema = z.object({ outcome: z.enum(["paid", "failed"]) });
