import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { testPaymentIntents } from '../db/schema';
import type { CreateIntentInput, PaymentIntentSummary, PaymentProvider } from './provider';
import { checkTestCard, type CardCheck } from './test-cards';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The built-in test-mode card processor. It keeps its payment intents in the database, so any
 * app process can confirm or read them, and it never sees a real card (only test numbers pass).
 */
export function createTestPaymentProvider(db: AppDatabase) {
  const provider: PaymentProvider = {
    name: 'test',
    async createIntent(input: CreateIntentInput) {
      const id = `pi_test_${token(12)}`;
      await db
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
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
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
    async retrieveIntent(intentId): Promise<PaymentIntentSummary | null> {
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      if (!intent) return null;
      return {
        id: intent.id,
        status: intent.status === 'canceled' ? 'canceled' : intent.status,
        amountCents: intent.amountCents,
        currency: intent.currency,
        orderId: intent.orderId,
      };
    },
  };

  return {
    provider,
    findByClientSecret: async (clientSecret: string) => {
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
      return intent ?? null;
    },
    /**
     * Confirms an intent with a card, as Stripe.js would. A succeeded intent stays succeeded: a
     * second confirm (a double click, a retry) never charges twice and never turns it into a decline.
     */
    async confirm(
      intentId: string,
      card: { number: string; expiry: string; cvc: string },
      billing: { name?: string | undefined; email?: string | undefined; phone?: string | undefined },
    ): Promise<CardCheck & { alreadySucceeded: boolean }> {
      const check = checkTestCard(card);
      if (!check.ok) {
        await db
          .update(testPaymentIntents)
          .set({ lastErrorCode: check.code, updatedAt: new Date() })
          .where(and(eq(testPaymentIntents.id, intentId), ne(testPaymentIntents.status, 'succeeded')));
        const [current] = await db.select({ status: testPaymentIntents.status }).from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
        return current?.status === 'succeeded' ? { ok: true, last4: '', alreadySucceeded: true } : { ...check, alreadySucceeded: false };
      }
      const updated = await db
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
        .returning({ id: testPaymentIntents.id });
      return { ...check, alreadySucceeded: updated.length === 0 };
    },
  };
}

export type TestPaymentProcessor = ReturnType<typeof createTestPaymentProvider>;
