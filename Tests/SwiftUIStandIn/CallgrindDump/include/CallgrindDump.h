#ifndef CALLGRIND_DUMP_H
#define CALLGRIND_DUMP_H

/// Under callgrind, writes what it collected since the last dump as a part labelled `label`
/// (`desc: Trigger: Client Request: label`); elsewhere, or without valgrind's headers, nothing.
void callgrind_dump(const char *label);

#endif
