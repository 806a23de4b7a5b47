-- Invoice numbers are taken as the paying transaction commits (decision 044). Every payment needs
-- the one counter row, and its lock is held until the commit: taken mid-payment, it was held across
-- the payment's last statements and the round trips to the app, so payments queued behind it (on
-- PostgreSQL, 200 ms of a sale's second). A deferred constraint trigger runs at COMMIT, in the
-- paying transaction: the number is still gapless (a transaction that does not commit gives it
-- back) and consecutive in the order the payments commit, with the moment of issue taken under the
-- same lock, so the dates never go backwards as the numbers go up.
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
CREATE FUNCTION number_invoice_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  UPDATE invoice_counter SET "next" = "next" + 1 WHERE id = 1 RETURNING "next" - 1 INTO taken;
  IF taken IS NULL THEN
    RAISE EXCEPTION 'invoice_counter has no row: were the migrations applied?';
  END IF;
  UPDATE invoices SET "number" = taken, issued_at = clock_timestamp() WHERE order_id = NEW.order_id AND "number" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoices_numbered_at_commit AFTER INSERT ON invoices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."number" IS NULL)
  EXECUTE FUNCTION number_invoice_at_commit();
