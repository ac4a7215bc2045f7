// Package hugepage asks the operating system to back large tables (the
// transposition tables) with huge pages, so that the processor's address
// translation covers them with a few entries instead of thousands: a
// search probes such a table at random, and with 4 kB pages nearly every
// probe of a 64 MB table missed the translation cache too.
package hugepage
