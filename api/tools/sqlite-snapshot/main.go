// Command sqlite-snapshot copies a SQLite database while other processes write to it, and describes a copy.
// It exists so that `npm run backup` can take a point-in-time copy of the embedded database (FerretDB's SQLite
// files) from Node 20, which has no SQLite of its own
// (docs/decisions/0026-consistent-backups-of-the-embedded-database.md).
// It links the same SQLite FerretDB v1.24.2 is built with (modernc.org/sqlite, pure Go), so it reads its files
// exactly as FerretDB writes them and needs no C compiler.
//
//	sqlite-snapshot snapshot <source.sqlite> <target.sqlite>
//	sqlite-snapshot inspect <file.sqlite>
package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"sort"

	_ "modernc.org/sqlite"
)

func open(file string) (*sql.DB, error) {
	// Read-only: the backup must never change the live database (a read-write connection that happens to be the
	// last one to close would checkpoint and remove its WAL). The busy timeout covers the moment a writer holds
	// the WAL index during a checkpoint.
	dsn := (&url.URL{Scheme: "file", Path: file, RawQuery: "mode=ro&_pragma=busy_timeout(10000)"}).String()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// One connection: everything below is one statement or a sequence that must see one database.
	db.SetMaxOpenConns(1)
	return db, nil
}

// snapshot writes a copy of source into target with VACUUM INTO: one statement, so one read transaction, so the
// copy holds exactly the transactions committed when it began, while writers go on in the WAL.
func snapshot(source, target string) error {
	if _, err := os.Stat(source); err != nil {
		return err
	}
	db, err := open(source)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Exec("VACUUM INTO ?", target); err != nil {
		return fmt.Errorf("VACUUM INTO %s: %w", target, err)
	}
	return nil
}

type description struct {
	Integrity   string           `json:"integrity"`
	Collections map[string]int64 `json:"collections"`
}

// inspect checks the file's structure and counts the documents of each FerretDB collection (its metadata table
// maps collection names to table names).
func inspect(file string) (*description, error) {
	if _, err := os.Stat(file); err != nil {
		return nil, err
	}
	db, err := open(file)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	result := &description{Collections: map[string]int64{}}
	if err := db.QueryRow("PRAGMA quick_check").Scan(&result.Integrity); err != nil {
		return nil, fmt.Errorf("quick_check: %w", err)
	}
	rows, err := db.Query(`SELECT name, table_name FROM "_ferretdb_collections"`)
	if err != nil {
		return nil, fmt.Errorf("not a FerretDB database: %w", err)
	}
	tables := map[string]string{}
	for rows.Next() {
		var name, table string
		if err := rows.Scan(&name, &table); err != nil {
			rows.Close()
			return nil, err
		}
		tables[name] = table
	}
	rows.Close()
	names := make([]string, 0, len(tables))
	for name := range tables {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		var count int64
		if err := db.QueryRow(fmt.Sprintf("SELECT count(*) FROM %q", tables[name])).Scan(&count); err != nil {
			return nil, fmt.Errorf("count %s: %w", name, err)
		}
		result.Collections[name] = count
	}
	return result, nil
}

func main() {
	args := os.Args[1:]
	var err error
	switch {
	case len(args) == 3 && args[0] == "snapshot":
		err = snapshot(args[1], args[2])
	case len(args) == 2 && args[0] == "inspect":
		var result *description
		if result, err = inspect(args[1]); err == nil {
			err = json.NewEncoder(os.Stdout).Encode(result)
		}
	default:
		fmt.Fprintln(os.Stderr, "usage: sqlite-snapshot snapshot <source.sqlite> <target.sqlite> | inspect <file.sqlite>")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
