// Upkeep of the embedded database: tables past the autovacuum thresholds are vacuumed and analyzed.
export { maintainTables, startDatabaseMaintenance, tablesDueForMaintenance } from './database-maintenance';
