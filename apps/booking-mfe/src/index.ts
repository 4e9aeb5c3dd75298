// The async boundary lets the federation runtime negotiate shared modules before any of them runs.
void import('./bootstrap');
