#!/usr/bin/env node
// A shim: the bin always runs the built bundle (never tsx), so start-up is one file read.
import '../dist/cli.js';
