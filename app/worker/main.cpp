// Placeholder until the worker loop lands.
int main()
{
    return 0;
}
