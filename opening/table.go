// The named openings of Othello, each as its line from f5.

package opening

// table holds the classic public list of named openings, each written
// from the first move f5 (any other first move is the same opening under
// a symmetry of the board). The list is Robert Gatliff's (as Zebra's
// opening names and samsoft.org.uk give it, written from c4) together
// with the lines NBoard names (written from f5, the diagonal ones through
// d6 where this table goes through f4). The two agree on the moves of
// every line both name, and on its name but for one: Gatliff calls
// f5 d6 c3 g5 the Bent Ganglion and gives Ganglion as another name of
// the No-Cat (f5 d6 c4 g5), where NBoard, and this table, call the first
// the Ganglion. A name with several traditional spellings lists the
// others as aliases. Families are kept together: the diagonal openings
// (f5 f6), the perpendicular ones (f5 d6), the parallel one (f5 f4).
var table = []Opening{
	// The three replies to f5.
	{Name: "Diagonal Opening", Moves: "f5f6"},
	{Name: "Perpendicular Opening", Moves: "f5d6"},
	{Name: "Parallel Opening", Moves: "f5f4"},

	// Diagonal: the wings.
	{Name: "Wing Variation", Moves: "f5f6d3f4"},
	{Name: "Semi-Wing Variation", Moves: "f5f6c4f4"},

	// Diagonal: the Buffalo family (f5 f6 e6 f4 c3).
	{Name: "Buffalo", Aliases: []string{"Kenichi Variation"}, Moves: "f5f6e6f4c3"},
	{Name: "Hokuriku Buffalo", Moves: "f5f6e6f4c3c4"},
	{Name: "Tanida Buffalo", Moves: "f5f6e6f4c3d6f3c4c5b4"},
	{Name: "Maruoka Buffalo", Moves: "f5f6e6f4c3d7f3"},

	// Diagonal: the Cow family (f5 f6 e6 f4 e3).
	{Name: "Cow", Moves: "f5f6e6f4e3"},
	{Name: "Chimney", Moves: "f5f6e6f4e3d6"},
	{Name: "Rose-v-Toth", Moves: "f5f6e6f4e3c5c4"},
	{Name: "Landau", Moves: "f5f6e6f4e3c5c4d3c3"},
	{Name: "Maruoka", Moves: "f5f6e6f4e3c5c4d3f3e2"},
	{Name: "Tanida", Moves: "f5f6e6f4e3c5c4e7"},
	{Name: "Sailboat", Moves: "f5f6e6f4e3c5c4e7b5e2"},
	{Name: "Aircraft", Aliases: []string{"Feldborg"}, Moves: "f5f6e6f4e3c5c4e7g4"},
	{Name: "Bat", Aliases: []string{"Cow Bat", "Cambridge"}, Moves: "f5f6e6f4e3c5g5"},
	{Name: "Bat (Kling Alternative)", Moves: "f5f6e6f4e3c5g5d6g6"},
	{Name: "Bat (Kling Continuation)", Moves: "f5f6e6f4e3c5g5f3g4g6g3d6f7h5h4h3e7"},
	{Name: "Melnikov", Aliases: []string{"Bat (Piau Continuation 1)"}, Moves: "f5f6e6f4e3c5g5g3g4f3c4"},
	{Name: "Bat (Piau Continuation 2)", Moves: "f5f6e6f4e3c5g5g3g4f3g6"},

	// Diagonal: the other fifth moves.
	{Name: "Rocket", Moves: "f5f6e6f4g3"},
	{Name: "Lollipop", Moves: "f5f6e6f4g3d6"},
	{Name: "Hamilton", Moves: "f5f6e6f4g3f3g4"},
	{Name: "Raccoon Dog", Moves: "f5f6e6f4g4"},
	{Name: "Heath", Aliases: []string{"Tobidashi"}, Moves: "f5f6e6f4g5"},
	{Name: "Heath-Chimney", Aliases: []string{"Mass-Turning"}, Moves: "f5f6e6f4g5d6"},
	{Name: "Iwasaki Variation", Moves: "f5f6e6f4g5e7d7"},
	{Name: "Heath-Bat", Moves: "f5f6e6f4g5e7e3"},
	{Name: "Mimura Variation II", Moves: "f5f6e6f4g5e7f7c5e3f3c4d3c2"},
	{Name: "Snake", Aliases: []string{"Peasant"}, Moves: "f5f6e6f4g6"},
	{Name: "Lysons", Moves: "f5f6e6f4g6c6"},
	{Name: "Pyramid", Aliases: []string{"Checkerboarding Peasant"}, Moves: "f5f6e6f4g6c5g4g5f3e3c4"},
	{Name: "X-square Opening", Moves: "f5f6e6f4g7"},

	// Perpendicular: the Tiger family (f5 d6 c3 d3 c4).
	{Name: "Tiger", Moves: "f5d6c3d3c4"},
	{Name: "Aubrey", Aliases: []string{"Tanaka"}, Moves: "f5d6c3d3c4b3"},
	{Name: "Aubrey (Feldborg Continuation)", Moves: "f5d6c3d3c4b3d2f4"},
	{Name: "Rose-Bill", Moves: "f5d6c3d3c4f4c5b3c2"},
	{Name: "Nicolet", Moves: "f5d6c3d3c4f4c5b3c2e3"},
	{Name: "Central Rose-Bill", Aliases: []string{"Dead Draw"}, Moves: "f5d6c3d3c4f4c5b3c2b4"},
	{Name: "Tamenori", Moves: "f5d6c3d3c4f4c5b3c2e6"},
	{Name: "Ishii", Moves: "f5d6c3d3c4f4c5b4b5c6f3e6e3"},
	{Name: "Mainline Tiger", Moves: "f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3"},
	{Name: "Brightwell", Moves: "f5d6c3d3c4f4e3"},
	{Name: "Leader's Tiger", Moves: "f5d6c3d3c4f4e6"},
	{Name: "Stephenson", Moves: "f5d6c3d3c4f4f6"},
	{Name: "Kung", Moves: "f5d6c3d3c4f4f6b4"},
	{Name: "COMP'OTH", Moves: "f5d6c3d3c4f4f6f3"},
	{Name: "Lightning Bolt", Moves: "f5d6c3d3c4f4f6f3e3"},
	{Name: "F.A.T. Draw", Moves: "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7"},
	{Name: "No-Kung", Moves: "f5d6c3d3c4f4f6g5"},
	{Name: "No-Kung (Continuation)", Moves: "f5d6c3d3c4f4f6g5e3f3g4h3g3f2"},
	{Name: "Ganglion", Moves: "f5d6c3g5"},

	// Perpendicular: the Cat family (f5 d6 c4).
	{Name: "Cat", Moves: "f5d6c4d3c5"},
	{Name: "Berner", Moves: "f5d6c4d3c5f4e3f3c2b4b3"},
	{Name: "Sakaguchi", Moves: "f5d6c4d3c5f4e3f3c2c6"},
	{Name: "Italian", Moves: "f5d6c4d3e6"},
	{Name: "No-Cat", Moves: "f5d6c4g5"},
	{Name: "Swallow", Moves: "f5d6c4g5c6"},
	{Name: "No-Cat (Continuation)", Moves: "f5d6c4g5c6c5d7d3b4c3e3f3"},

	// Perpendicular: the Horse and the Rose (f5 d6 c5 f4).
	{Name: "Horse", Moves: "f5d6c5f4d3"},
	{Name: "Mimura", Moves: "f5d6c5f4e3d3"},
	{Name: "Shaman", Aliases: []string{"Danish"}, Moves: "f5d6c5f4e3c6f3"},
	{Name: "Inoue", Moves: "f5d6c5f4e3c6e6"},
	{Name: "IAGO", Moves: "f5d6c5f4e3c6e6f6"},
	{Name: "Bhagat", Moves: "f5d6c5f4e3c6d7"},
	{Name: "Ralle", Moves: "f5d6c5f4e3c6d3f3"},
	{Name: "Rose", Aliases: []string{"Rabbit"}, Moves: "f5d6c5f4e3c6d3f6e6d7"},
	{Name: "Greenberg", Aliases: []string{"Dawg"}, Moves: "f5d6c5f4e3c6d3f6e6d7e7"},
	{Name: "Flat", Moves: "f5d6c5f4e3c6d3f6e6d7g4"},
	{Name: "Rotating Flat", Moves: "f5d6c5f4e3c6d3f6e6d7g4c4"},
	{Name: "Murakami Variation", Moves: "f5d6c5f4e3c6d3f6e6d7g4c4g6"},
	{Name: "Rotating Flat (Kling Continuation)", Moves: "f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2"},
	{Name: "Rose-Birth", Moves: "f5d6c5f4e3c6d3f6e6d7g3c4"},
	{Name: "Rose-Birdie", Aliases: []string{"Rose-Tamenori"}, Moves: "f5d6c5f4e3c6d3f6e6d7g3c4b4"},
	{Name: "Rose-Tamenori-Kling", Moves: "f5d6c5f4e3c6d3f6e6d7g3c4b4c3"},
	{Name: "Brightstein", Moves: "f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2"},
}
