/**
 * The sandbox's state in its own SQLite file (better-sqlite3): templates with their approval
 * state, every message each way with its delivery status, and the webhook deliveries still owed
 * to the app. One process owns the file (the app keeps one instance per process).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TEMPLATES } from './templates';

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed' | 'received';
export type MessageRow = {
  wamid: string;
  phone_number_id: string;
  peer: string;
  direction: 'out' | 'in';
  template: string | null;
  text: string;
  buttons: string;
  status: MessageStatus;
  error_code: number | null;
  error_title: string | null;
  created_at: number;
  delivered_at: number | null;
  read_at: number | null;
};
export type WebhookRow = { id: number; body: string; due_at: number; attempts: number; status: 'pending' | 'delivered' | 'failed'; last_error: string | null };

const SCHEMA = `
create table if not exists templates (name text not null, language text not null, category text not null, status text not null, body text not null, buttons text not null, primary key (name, language));
create table if not exists messages (wamid text primary key, phone_number_id text not null, peer text not null, direction text not null, template text, text text not null, buttons text not null default '[]', status text not null, error_code integer, error_title text, created_at integer not null, delivered_at integer, read_at integer);
create index if not exists messages_peer_idx on messages (peer, created_at);
create index if not exists messages_open_idx on messages (direction, status);
create table if not exists webhooks (id integer primary key autoincrement, body text not null, due_at integer not null, attempts integer not null default 0, status text not null default 'pending', last_error text);
create index if not exists webhooks_due_idx on webhooks (status, due_at);
`;

export function openStore(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const insert = db.prepare('insert or ignore into templates (name, language, category, status, body, buttons) values (?, ?, ?, ?, ?, ?)');
  for (const t of DEFAULT_TEMPLATES) insert.run(t.name, t.language, t.category, 'APPROVED', t.body, JSON.stringify(t.buttons));
  return db;
}
