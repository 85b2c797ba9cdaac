-- A payment reference's change is announced as 'payment-reference:<order id>' instead of 'order:<order id>'
-- (issue 18, decision 007). A reference is not part of the order's ledger: making one (a borrower's voucher)
-- used to drop every cached read of the order in every process (its ledger read, loan details, the statement),
-- so the borrower's next call read them all again. Only the open references of the order are dropped now.
-- A payment still announces the order: it writes the ledger's tables in the same transaction that expires or
-- pays the order's references.
DROP TRIGGER payment_references_notify_change ON payment_references;
--> statement-breakpoint
CREATE TRIGGER payment_references_notify_change AFTER INSERT OR UPDATE OR DELETE ON payment_references
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('payment-reference', 'order_id');
