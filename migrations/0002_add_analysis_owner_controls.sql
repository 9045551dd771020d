ALTER TABLE `analyses` ADD `owner_token_hash` text;--> statement-breakpoint
ALTER TABLE `analyses` ADD `link_chat_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `analyses` ADD `quota_released` integer DEFAULT false NOT NULL;