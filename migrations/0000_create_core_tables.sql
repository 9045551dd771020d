CREATE TABLE `analyses` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`status` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`completed_at` text,
	`initial_message` text,
	`analysis_type` text DEFAULT 'comprehensive' NOT NULL,
	`prompt_file` text,
	`access_token_hash` text,
	`error` text,
	`client_ip` text,
	`row_count` integer,
	`column_count` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `analyses_user_idx` ON `analyses` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `analyses_email_idx` ON `analyses` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `analyses_ip_idx` ON `analyses` (`client_ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `artifacts` (
	`id` text PRIMARY KEY NOT NULL,
	`analysis_id` text NOT NULL,
	`artifact_type` text NOT NULL,
	`file_name` text NOT NULL,
	`file_location` text NOT NULL,
	`file_size` integer,
	`content_type` text DEFAULT 'application/octet-stream' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`analysis_id`) REFERENCES `analyses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `artifacts_analysis_file_unique` ON `artifacts` (`analysis_id`,`file_name`);--> statement-breakpoint
CREATE TABLE `file_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`analysis_id` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_location` text NOT NULL,
	`is_primary` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`analysis_id`) REFERENCES `analyses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_uploads_analysis_idx` ON `file_uploads` (`analysis_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`analysis_id` text NOT NULL,
	`seq` integer NOT NULL,
	`message_type` text NOT NULL,
	`content` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`analysis_id`) REFERENCES `analyses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_analysis_seq_unique` ON `messages` (`analysis_id`,`seq`);--> statement-breakpoint
CREATE TABLE `multipart_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`r2_upload_id` text NOT NULL,
	`analysis_id` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`part_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	`email` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`analysis_type` text,
	`prompt_file` text,
	`user_id` text,
	`client_ip` text,
	`upload_token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`email_confirmed_at` text,
	`name` text,
	`avatar_url` text,
	`google_sub` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);