package accuracy

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/eval/pattern"
)

func TestParseEmpties(t *testing.T) {
	for _, tc := range []struct {
		list string
		want []int
		err  string
	}{
		{"20,24", []int{20, 24}, ""},
		{" 1 , 36", []int{1, 36}, ""},
		{"20", []int{20}, ""},
		{"0", nil, `"0" is not a number of empty squares from 1 to 36`},
		{"20,37", nil, `"37" is not a number of empty squares from 1 to 36`},
		{"20,", nil, `"" is not a number of empty squares from 1 to 36`},
		{"x", nil, `"x" is not a number of empty squares from 1 to 36`},
	} {
		got, err := ParseEmpties(tc.list)
		if !slices.Equal(got, tc.want) || fmt.Sprint(err) != tc.err && !(err == nil && tc.err == "") {
			t.Errorf("ParseEmpties(%q) = %v, %v; want %v, %q", tc.list, got, err, tc.want, tc.err)
		}
	}
}

func TestEvaluationsAndWeightsFiles(t *testing.T) {
	evs, err := Evaluations("course, discs")
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[0].Name != "course" || evs[1].Name != "discs" || evs[0].Eval == nil || evs[1].Eval == nil {
		t.Errorf("Evaluations: %+v", evs)
	}
	if _, err := Evaluations("course,nonsense"); err == nil {
		t.Error("an unknown evaluation accepted")
	}

	path := filepath.Join(t.TempDir(), "w.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pattern.NewWeights().WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	ws, err := WeightsFiles("," + path + ",")
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 1 || ws[0].Name != "w.bin" || ws[0].Eval == nil {
		t.Errorf("WeightsFiles: %+v", ws)
	}
	if ws, err := WeightsFiles(""); err != nil || len(ws) != 0 {
		t.Errorf("WeightsFiles(\"\") = %v, %v", ws, err)
	}
	if _, err := WeightsFiles(filepath.Join(t.TempDir(), "none.bin")); err == nil {
		t.Error("a missing weights file accepted")
	}
}

func TestRow(t *testing.T) {
	m := Measurement{MAE: 3.456, RMSE: 4.5, Mean: -0.25}
	got := Header() + "\n" + m.Row(20, "pattern", 1500*time.Millisecond)
	want := "empties  eval            MAE     RMSE     mean    solve s\n" +
		"20       pattern        3.46     4.50    -0.25        1.5"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(Measurement{Mean: 0.5}.Row(24, "course", 0), "+0.50") {
		t.Error("a positive mean without its sign")
	}
}
