//go:build tools

// Package tools pins h2spec (and, through go.sum, every module it needs) for conformance/run.sh,
// which builds it with `go build github.com/summerwind/h2spec/cmd/h2spec` in this directory.
package tools

import _ "github.com/summerwind/h2spec/cmd/h2spec"
