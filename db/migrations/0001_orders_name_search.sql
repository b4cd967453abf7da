-- Buyer-name search for the merchant's orders list: a trigram full-text index, so that
-- "contains" finds a name without scanning every order (a LIKE '%…%' scan took ~20 ms at
-- 100,000 orders). External content: the index stores only trigrams of orders.buyer_name;
-- triggers keep it in step with every insert, name change and delete.
CREATE VIRTUAL TABLE `orders_name_fts` USING fts5(`buyer_name`, content='orders', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `orders_name_fts`(`rowid`, `buyer_name`) SELECT `rowid`, `buyer_name` FROM `orders`;
--> statement-breakpoint
CREATE TRIGGER `orders_name_fts_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_name_fts`(`rowid`, `buyer_name`) VALUES (new.`rowid`, new.`buyer_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_name_fts_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `orders_name_fts`(`orders_name_fts`, `rowid`, `buyer_name`) VALUES ('delete', old.`rowid`, old.`buyer_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_name_fts_update` AFTER UPDATE OF `buyer_name` ON `orders` BEGIN
  INSERT INTO `orders_name_fts`(`orders_name_fts`, `rowid`, `buyer_name`) VALUES ('delete', old.`rowid`, old.`buyer_name`);
  INSERT INTO `orders_name_fts`(`rowid`, `buyer_name`) VALUES (new.`rowid`, new.`buyer_name`);
END;
