import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { testPaymentIntents } from '../db/schema';
import type { CreateIntentInput, PaymentIntentSummary, PaymentProvider } from './provider';
import { checkTestCard, UNREFUNDABLE_CARD_LAST4, UNREFUNDABLE_CARD_MESSAGE, type CardCheck } from './test-cards';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** What the payment's settlement reads of an intent, as a provider says it. */
const summaryOf = (intent: typeof testPaymentIntents.$inferSelect): PaymentIntentSummary => ({
  id: intent.id,
  status: intent.status === 'canceled' ? 'canceled' : intent.status,
  amountCents: intent.amountCents,
  currency: intent.currency,
  orderId: intent.orderId,
});

/**
 * The built-in test-mode card processor. It keeps its payment intents in the database, so any
 * app process can confirm or read them, and it never sees a real card (only test numbers pass).
 */
export function createTestPaymentProvider(db: AppDatabase) {
  const provider: PaymentProvider = {
    name: 'test',
    async createIntent(input: CreateIntentInput) {
      const id = `pi_test_${token(12)}`;
      const [created] = await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token(18)}`,
          orderId: input.orderId,
          amountCents: input.amountCents,
          currency: input.currency,
          status: 'requires_payment_method',
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
        .returning({ id: testPaymentIntents.id, clientSecret: testPaymentIntents.clientSecret });
      if (created) return created;
      // Whoever won a race for the same key, everyone gets that one intent.
      const [intent] = await db
        .select({ id: testPaymentIntents.id, clientSecret: testPaymentIntents.clientSecret })
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
      if (!intent) throw new Error('payment intent vanished after insert');
      return intent;
    },
    async findReusableIntent(intentId, input) {
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      const fits =
        intent && intent.orderId === input.orderId && intent.amountCents === input.amountCents && intent.status !== 'canceled';
      return fits ? { id: intent.id, clientSecret: intent.clientSecret } : null;
    },
    retrieveIntent: (intentId) => retrieve(intentId, db),
    async refund(intentId) {
      const [card] = await db.select({ last4: testPaymentIntents.cardLast4 }).from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      if (card?.last4 === UNREFUNDABLE_CARD_LAST4) throw new Error(UNREFUNDABLE_CARD_MESSAGE);
      // Like Stripe, a refunded intent stays succeeded; only the first refund sets the time.
      await db
        .update(testPaymentIntents)
        .set({ refundedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'succeeded'), isNull(testPaymentIntents.refundedAt)));
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      if (!intent?.refundedAt) throw new Error(`test payment ${intentId} cannot be refunded: it took no money`);
      return { refundId: `re_${intent.id}` };
    },
  };

  /** Reads an intent, inside the caller's transaction when given one. */
  async function retrieve(intentId: string, on: AppDatabase): Promise<PaymentIntentSummary | null> {
    const [intent] = await on.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    return intent ? summaryOf(intent) : null;
  }

  return {
    provider,
    retrieve,
    findByClientSecret: async (clientSecret: string) => {
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
      return intent ?? null;
    },
    /**
     * Confirms an intent with a card, as Stripe.js would. A succeeded intent stays succeeded: a
     * second confirm (a double click, a retry) never charges twice and never turns it into a decline.
     * `on` is the caller's transaction, when the charge must commit with the order it pays.
     */
    async confirm(
      intentId: string,
      card: { number: string; expiry: string; cvc: string },
      billing: { name?: string | undefined; email?: string | undefined; phone?: string | undefined },
      on: AppDatabase = db,
    ): Promise<(Extract<CardCheck, { ok: false }> & { alreadySucceeded: false }) | { ok: true; alreadySucceeded: boolean; intent: PaymentIntentSummary | null }> {
      const check = checkTestCard(card);
      if (!check.ok) {
        await on
          .update(testPaymentIntents)
          .set({ lastErrorCode: check.code, updatedAt: new Date() })
          .where(and(eq(testPaymentIntents.id, intentId), ne(testPaymentIntents.status, 'succeeded')));
        const current = await retrieve(intentId, on);
        return current?.status === 'succeeded' ? { ok: true, alreadySucceeded: true, intent: current } : { ...check, alreadySucceeded: false };
      }
      const updated = await on
        .update(testPaymentIntents)
        .set({
          status: 'succeeded',
          lastErrorCode: null,
          cardLast4: check.last4,
          billingName: billing.name ?? null,
          billingEmail: billing.email ?? null,
          billingPhone: billing.phone ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'requires_payment_method')))
        .returning();
      // The intent as it is now, from the charge itself, or (already charged) as it was.
      const intent = updated[0] ? summaryOf(updated[0]) : await retrieve(intentId, on);
      return { ok: true, alreadySucceeded: updated.length === 0, intent };
    },
  };
}

export type TestPaymentProcessor = ReturnType<typeof createTestPaymentProvider>;
