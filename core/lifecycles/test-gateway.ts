import { CREATED, defineLifecycle } from "./define.ts";

/**
 * The test card gateway's own side of a payment (`test_gateway_payments.state`): the simulator
 * of a provider that `PAYMENTS_TEST_GATEWAY` switches on (server/modules/payments/gateways.ts).
 * A provider decides a payment once and refunds only a paid one; the shop never writes this
 * state, it reads it back as it would from a real gateway.
 */
export const TEST_GATEWAY_STATES = ["created", "paid", "failed", "refunded"] as const;
export type TestGatewayState = (typeof TEST_GATEWAY_STATES)[number];

export const testGatewayLifecycle = defineLifecycle({
  name: "test_gateway_payment",
  statuses: TEST_GATEWAY_STATES,
  transitions: {
    open: {
      from: CREATED,
      to: ["created"],
      by: "the shop (payment start)",
      guard: "one gateway payment per shop reference: a second start with the same reference opens none",
    },
    decide: {
      from: ["created"],
      to: ["paid", "failed"],
      by: "payer (the test gateway's page)",
      guard: "decided once; the gateway then sends its signed notification",
    },
    refund: {
      from: ["paid"],
      to: ["refunded"],
      by: "the shop (a refund)",
      guard: "only a paid payment; a second refund of a refunded one changes nothing",
    },
  },
});
