-- Change notifications: every write to a row that a server process may cache
-- is announced on the 'presta_changes' channel as '<kind>:<key>', whichever
-- process (API, ops command, demo command) made it. Delivered on commit.
CREATE OR REPLACE FUNCTION presta_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_data := to_jsonb(OLD);
  ELSE
    row_data := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('presta_changes', TG_ARGV[0] || ':' || COALESCE(row_data ->> TG_ARGV[1], '*'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_change AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'id');
--> statement-breakpoint
CREATE TRIGGER repayment_plans_notify_change AFTER INSERT OR UPDATE OR DELETE ON repayment_plans
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER ratings_notify_change AFTER INSERT OR UPDATE OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER borrowers_notify_change AFTER UPDATE OR DELETE ON borrowers
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('borrower', 'id');
--> statement-breakpoint
CREATE TRIGGER products_notify_change AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('product', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('session', 'id_hash');
