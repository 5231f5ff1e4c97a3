from django.urls import path

from promotion import views_weekly

app_name = "league"

urlpatterns = [
    path("<slug:slug>/league/", views_weekly.league_home, name="home"),
    path("<slug:slug>/league/advance/", views_weekly.advance, name="advance"),
    path("<slug:slug>/league/weeks/<int:week>/", views_weekly.week_log, name="week"),
    path("<slug:slug>/results/", views_weekly.results, name="results"),
    path("<slug:slug>/dice/", views_weekly.dice, name="dice"),
    path("<slug:slug>/export.json", views_weekly.export, name="export"),
]
