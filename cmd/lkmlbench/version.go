package main

import "runtime/debug"

// version is set at link time (-ldflags "-X main.version=v1.2.3"); a plain
// "go install module@version" is named by its module version instead.
var version = "dev"

// versionString is what --version prints and lore requests announce.
func versionString() string {
	if version != "dev" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return version
}
