// Package plot draws the figures of the command's reports, offline, as
// PNG or SVG files: a match's score over its games (Match), a rating list
// with its error bars (Ratings) and the fitting error of the pattern
// evaluation's training (Loss).
//
// It sits at the edge with the command: it uses gonum.org/v1/plot, which
// the engine packages (arena, train, ...) must not import.
package plot
