package account

import (
	"errors"
	"strings"
	"testing"
)

func TestValidateName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
		why  string // part of the error
	}{
		{"ada", true, ""},
		{"Ada_Lovelace-2", true, ""},
		{"r2d2", true, ""},
		{"abc", true, ""},                   // MinName
		{strings.Repeat("a", 20), true, ""}, // MaxName
		{"ab", false, "3 to 20"},            // too short
		{strings.Repeat("a", 21), false, "3 to 20"},
		{"", false, "3 to 20"},
		{"2pac", false, "begins with a letter"},
		{"_ada", false, "begins with a letter"},
		{"ada_", false, "ends with a letter or a digit"},
		{"ada-", false, "ends with a letter or a digit"},
		{"ada lovelace", false, "only letters"},
		{"adé", false, "only letters"},
		{"ada.l", false, "only letters"},
		{"admin", false, "reserved"},
		{"ADMIN", false, "reserved"},
		{"Engine", false, "reserved"},
		{"roxanne", false, "reserved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateName(tt.name)
			if tt.ok {
				if err != nil {
					t.Errorf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrName) || !strings.Contains(err.Error(), tt.why) {
				t.Errorf("got %v, want ErrName saying %q", err, tt.why)
			}
		})
	}
}

// TestValidateNameQuotesAShortName: a long refused name is cut in the
// error.
func TestValidateNameQuotesAShortName(t *testing.T) {
	err := ValidateName(strings.Repeat("x", 10000))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("error of %d bytes: %.100v", len(err.Error()), err)
	}
}

func TestNameKey(t *testing.T) {
	if NameKey("Ada_L-2") != NameKey("ada_l-2") || NameKey("ADA") != "ada" {
		t.Error("names differing in case have different keys")
	}
	if NameKey("ada") == NameKey("ada2") {
		t.Error("different names have one key")
	}
}

// FuzzValidateName: a name accepted keeps every rule, and so does its
// key; a name refused says so with ErrName.
func FuzzValidateName(f *testing.F) {
	for _, s := range []string{"ada", "Ada_Lovelace-2", "ab", "admin", "2pac", "adé", strings.Repeat("z", 21), "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		err := ValidateName(name)
		if err != nil {
			if !errors.Is(err, ErrName) {
				t.Fatalf("%q: %v does not wrap ErrName", name, err)
			}
			return
		}
		if len(name) < MinName || len(name) > MaxName || Reserved(name) || !letter(name[0]) {
			t.Fatalf("%q accepted", name)
		}
		for i := 0; i < len(name); i++ {
			if !nameChar(name[i]) {
				t.Fatalf("%q accepted with byte %q", name, name[i])
			}
		}
		if err := ValidateName(NameKey(name)); err != nil {
			t.Fatalf("%q accepted, its key %q refused: %v", name, NameKey(name), err)
		}
	})
}
