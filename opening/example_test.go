package opening_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/opening"
)

func Example() {
	// The Tiger, from f5 and from c4 (the same opening, transposed).
	for _, t := range []string{"f5d6c3d3c4", "c4e3f6e6f5", "f5d6c3d3c4b3"} {
		o, ok, err := opening.OfTranscript(t)
		fmt.Println(t, o, ok, err)
	}
	// Output:
	// f5d6c3d3c4 Tiger true <nil>
	// c4e3f6e6f5 Tiger true <nil>
	// f5d6c3d3c4b3 Aubrey (Tanaka) true <nil>
}
