ALTER TABLE `analyses` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `multipart_uploads` ADD `currency` text;