-- A payout's change is its order's (issue 37): loan details and my loans read "approved, money on its way" while
-- an approved order's payout is with the provider, so their cached reads drop on every payout write.
CREATE TRIGGER payouts_notify_change AFTER INSERT OR UPDATE OR DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
